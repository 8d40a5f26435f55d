import { PdfDownload } from '../../documents';
import { FINAL_STEPS_PAGE } from '../../../kernel/form/definition/finalSteps';
import { FormPage } from '../FormPage';

/** Final Steps: generated from the form definition; the PDF copy's download sits above the submit button. */
export default function FinalStepsPage() {
  return (
    <>
      <FormPage page={FINAL_STEPS_PAGE} />
      <PdfDownload />
    </>
  );
}
