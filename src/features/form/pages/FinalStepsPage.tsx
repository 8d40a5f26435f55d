import { FINAL_STEPS_PAGE } from '../definition/finalSteps';
import { FormPage } from '../FormPage';

/** Final Steps: generated from the form definition. */
export default function FinalStepsPage() {
  return <FormPage page={FINAL_STEPS_PAGE} />;
}
