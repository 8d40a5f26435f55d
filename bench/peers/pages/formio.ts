/**
 * The About You page in Form.io's renderer (@formio/js/form: the renderer without the builder), with its default
 * look: Bootstrap 5's style sheet (its templates are Bootstrap's) and formio.form.min.css. The form JSON is what
 * bench/peers/translate.ts made of our definition (put in by the build as __PEER_FORM__). `?answers`: the page
 * fetches answers.json (our answers as its submission data, beside the page) while the form is created, and sets
 * the submission as Form.io's documentation shows; without, no answers.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import '@formio/js/dist/formio.form.min.css';
import { Formio } from '@formio/js/form';

async function render() {
  const answers = new URLSearchParams(window.location.search).has('answers')
    ? fetch('answers.json').then((response) => response.json())
    : undefined;
  const form = await Formio.createForm(document.getElementById('root')!, __PEER_FORM__);
  if (answers) form.submission = { data: await answers };
}

void render();
