/** What is kept on this device (redux-persist), for which account, and the answers a session left unsent. */
export { persistConfig } from './persistConfig';
export { accountAtStart, setStorageAccount } from './accountStorage';
export { leaveAccount, storageReleased, switchToAccount, tidyDevice, unsentAnswersDelivered } from './accountSwitch';
export { unsentOf } from './unsentAnswers';
