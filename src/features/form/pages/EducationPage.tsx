import { EDUCATION_PAGE } from '../../../kernel/form/definition/education';
import { FormPage } from '../FormPage';

/** Your Academics: generated from the form definition. */
export default function EducationPage() {
  return <FormPage page={EDUCATION_PAGE} />;
}
