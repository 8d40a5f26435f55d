import { ABOUT_PAGE } from '../../../kernel/form/definition/about';
import { FormPage } from '../FormPage';

/** About You: generated from the form definition. */
export default function AboutPage() {
  return <FormPage page={ABOUT_PAGE} />;
}
