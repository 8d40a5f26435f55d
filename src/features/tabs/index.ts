/** Tabs questions: the chosen tab of each group, and the switch flow (asks first, clears, offers Undo). */
export { default as tabsReducer, tabsLoaded, tabSwitchRequested, type TabSwitch } from './tabsSlice';
export { addTabsListeners } from './tabsListeners';
export { selectSwitching, switchVerdict } from './selectors';
export { fileWillDelete, SWITCH_CANCEL, SWITCH_CONFIRM, switchTitle, typedWillClear } from './messages';
