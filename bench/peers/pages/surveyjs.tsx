/**
 * The About You page in SurveyJS (survey-core's model, survey-react-ui's React components, the default theme's
 * style sheet without its web font), from the JSON that bench/peers/translate.ts made of our definition (put in by
 * the build as __PEER_FORM__). `?answers`: it first fetches answers.json (our answers as its data, beside the page)
 * and renders with them, as ours renders with the applicant's; without, no answers. `?textUpdateMode=onBlur` gives
 * SurveyJS's default mode, for information.
 */
import 'survey-core/survey-core.fontless.min.css';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';

async function render() {
  const params = new URLSearchParams(window.location.search);
  const model = new Model(__PEER_FORM__);
  const mode = params.get('textUpdateMode');
  if (mode === 'onBlur' || mode === 'onTyping') model.textUpdateMode = mode;
  if (params.has('answers')) model.data = await (await fetch('answers.json')).json();
  createRoot(document.getElementById('root')!).render(<Survey model={model} />);
}

void render();
