/**
 * The About You page in Form.io's renderer (@formio/js/form: the renderer without the builder), with its default
 * look: Bootstrap 5's style sheet (its templates are Bootstrap's) and formio.form.min.css. The form JSON is what
 * bench/peers/translate.ts made of our definition (put in by the build as __PEER_FORM__). No answers.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import '@formio/js/dist/formio.form.min.css';
import { Formio } from '@formio/js/form';

void Formio.createForm(document.getElementById('root')!, __PEER_FORM__);
