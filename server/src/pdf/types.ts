/**
 * What the application PDF prints: pages, sections and questions, already resolved for one applicant (hidden
 * questions left out, add-another entries and the chosen tab expanded). The builder renders this and nothing
 * else; outline.ts makes it from the form definition (src/kernel/form/definition), so this is the only shape
 * the builder depends on.
 */
export interface PrintOption {
  value: string;
  label: string;
}

export type PrintQuestionType =
  /** A value on its own line (text, dates, phones, dropdowns, look-ups…). */
  | 'text'
  /** A long text, flowing across pages. */
  | 'textarea'
  /** One choice among options: every option with [X] / [ ]. */
  | 'radio'
  /** A single box: [X] / [ ] and the label. */
  | 'checkbox'
  /** Several boxes: each option's value is its own boolean answer key. */
  | 'checkboxGroup'
  /** An uploaded document (its converted PDF is appended). */
  | 'document'
  /** A sub-heading: an add-another entry ("Activity 2") or the chosen tab. */
  | 'heading';

export interface PrintQuestion {
  key: string;
  label: string;
  type: PrintQuestionType;
  options?: PrintOption[];
  /** The text to print, when it is not simply answers[key] (a dropdown's label, a month and year…). */
  value?: string;
}

export interface PrintSection {
  title: string;
  questions: PrintQuestion[];
}

export interface PrintPage {
  title: string;
  sections: PrintSection[];
}

export interface PrintForm {
  pages: PrintPage[];
}

export type PrintAnswers = Readonly<Record<string, string | boolean | undefined>>;

/** A converted document to append, in the order given. */
export interface PrintDocument {
  answerKey: string;
  label: string;
  fileName: string;
  fileSize: number;
  bytes: Uint8Array;
}

/** How copies are made on this server (config: PAPER_SIZE, COLLEGE_TIME_ZONE): the service passes them to each build. */
export interface PdfSettings {
  paperSize: 'LETTER' | 'A4';
  /** The college the copy is made for, named at the top of its first page (COLLEGE_NAME). */
  collegeName: string;
  /** The zone the copy's times are written in (named). */
  timeZone: string;
}
