import { createContext } from 'react';
import type { Question } from '../../../kernel/form/definition/types';
import type { StudentAnswers } from '../../answers';

/**
 * Read-only views that show answers only (the print view) provide here how to tell an answered question
 * (renderer/answered.ts): the questions without one, empty add-another entries and
 * the applicant's help text are then left out. Null (the applicant's pages): every question shows.
 */
export type IsAnswered = (question: Question, values: StudentAnswers) => boolean;
export const OnlyAnsweredContext = createContext<IsAnswered | null>(null);
