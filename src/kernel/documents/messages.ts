/** The Documents wording (SPEC §6, §8) in one place. No React here: listeners and components share it. */
import { FILE_NAME_MAX_LENGTH } from '../constants';

export const VISITOR_UPLOAD_MESSAGE = 'This question can be finished once you have created an account.';

/** The error toast of a failed upload, conversion or delete (SPEC §8); `question` is its label, not its key. */
export const uploadErrorTitle = (question: string) => `Error uploading file for ${question}`;

export const DELETE_DIALOG_TITLE = 'Delete File';
export const DELETE_CONFIRM = 'Are you sure you want to delete your file?';

export const TAB_BLOCKED_TITLE = 'File Upload in Progress';
export const TAB_BLOCKED = 'Please wait until the file upload has completed.';

/** The conversion status while the file store cannot be reached: the job waits and retries; the file is not at fault. */
export const CONVERSION_DELAYED =
  'Converting your file is taking longer than usual. It will carry on by itself: you can keep working.';

export const PDF_BUTTON = 'Download a PDF copy of your application';
export const PDF_ERROR = 'Error downloading PDF copy of your application.';
export const PDF_PREPARING = 'Preparing the PDF copy of your application…';

/** The value the server gives a document answer once its file is converted (SPEC §3). */
export const ANSWERED = 'ANSWERED';

/** The error toast of a tab switch that failed (SPEC §8), also when deleting the left tab's file fails; by label. */
export const tabsError = (tabs: string) => `Error handling tabs for ${tabs}`;

/**
 * Every document question's hint ends with the name's limit (SPEC §5), so nobody learns it from a refusal: the
 * question's own hint (types, size) comes first.
 */
export const FILE_NAME_HINT = `The file name can have at most ${FILE_NAME_MAX_LENGTH} characters, including the extension.`;

/** A name too long: the offer beside SPEC's message, its button, and what the status line announces. */
export const shortNameOffer = (name: string) => `You can upload it as ${name} instead. Only its name changes.`;
export const shortNameButton = (name: string) => `Upload as ${name}`;
export const shortNameNotice = (name: string) => `${shortNameOffer(name)} Use the ‘${shortNameButton(name)}’ button.`;
