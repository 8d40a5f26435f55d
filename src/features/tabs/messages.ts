/** What a tab switch that clears work says (the journey issue: never discard work silently). */
export const switchTitle = (tab: string) => `Switch to ${tab}?`;
export const SWITCH_CONFIRM = 'Switch and clear';
export const SWITCH_CANCEL = 'Cancel';
export const typedWillClear = (tab: string) =>
  `What you typed under "${tab}" will be cleared. You can undo this for a few seconds after switching.`;
export const fileWillDelete = (name: string) =>
  `Your uploaded file ${name} will be deleted. You can undo this for a few seconds after switching.`;
export const TYPED_CLEARED_TITLE = 'Answer cleared';
export const typedCleared = (tab: string) => `What you typed under "${tab}" was cleared.`;
export const FILE_REMOVED_TITLE = 'File removed';
export const fileRemoved = (name: string) => `Your uploaded file ${name} was removed.`;
export const UNDO = 'Undo';
