/** The applicant's language: the switch, the translator hook, and the catalogue loading behind them. */
export { default as languageReducer, languageChosen } from './languageSlice';
export { addLanguageListeners } from './languageListeners';
export { LanguageSwitch } from './LanguageSwitch';
export { useT } from './useT';
export { startingLanguage } from './startLanguage';
export { useMailLanguage } from './useMailLanguage';
