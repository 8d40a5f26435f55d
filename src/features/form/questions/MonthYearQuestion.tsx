import { useMemo } from 'react';
import type { MonthYearQuestion as MonthYearQuestionDef } from '../../../kernel/form/definition/types';
import { describe, FieldsetShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useGroupErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { useQuestionOptions } from '../renderer/options';
import { selectOptions } from './DropdownQuestion';
import { MONTH_BLANK } from '../../../kernel/form/options/blank';
import { NativeSelect } from './NativeSelect';
import { useCheckMode } from '../renderer/checkMode';

/**
 * A month select and a year select in one fieldset (hs_attend_from_month / _year…). Their messages are shown
 * once, together (SPEC §5 "month and year errors combined"), and describe both selects.
 */
export function MonthYearQuestion({ question, readOnly }: QuestionProps<MonthYearQuestionDef>) {
  const { key, monthKey, yearKey } = question;
  const month = useTextAnswer(monthKey);
  const year = useTextAnswer(yearKey);
  const monthDesc = useTextAnswer(`${monthKey}_desc`);
  const keys = useMemo(() => [monthKey, yearKey], [monthKey, yearKey]);
  const messages = useGroupErrors(keys);
  const required = useRequired(question.required);
  const setMonth = useAnswerSetter(monthKey);
  const setYear = useAnswerSetter(yearKey);
  const monthOptions = useQuestionOptions(question, undefined, 'month');
  const yearOptions = useQuestionOptions(question, undefined, 'year');
  const check = useCheckMode();

  if (readOnly) {
    // Check your answers skips a pair never answered (no '--').
    if (check && !month && !year) return null;
    const monthLabel = month ? monthDesc || monthOptions?.find((o) => o.value === month)?.label || month : '';
    return (
      <ReadOnlyField id={key} label={question.label} issueKeys={keys}>
        <ReadOnlyText value={[monthLabel, year].filter(Boolean).join(' ')} />
      </ReadOnlyField>
    );
  }
  const describedBy = describe(key, question.hint, messages);
  return (
    <FieldsetShell
      id={key}
      groupId={key}
      label={question.label}
      hint={question.hint}
      messages={messages}
      required={required}
    >
      <div className="form-inline-fields">
        <div className="form-inline-field">
          <label className="form-sublabel" htmlFor={monthKey}>
            Month
          </label>
          <NativeSelect
            id={monthKey}
            name={monthKey}
            className="form-select form-select-month"
            value={month}
            options={selectOptions(monthOptions, month, monthDesc, MONTH_BLANK)}
            onChoose={setMonth}
            aria-busy={monthOptions === undefined || undefined}
            aria-invalid={messages.length > 0 || undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="form-inline-field">
          <label className="form-sublabel" htmlFor={yearKey}>
            Year
          </label>
          <NativeSelect
            id={yearKey}
            name={yearKey}
            className="form-select form-select-year"
            value={year}
            options={selectOptions(yearOptions, year, year, MONTH_BLANK)}
            onChoose={setYear}
            aria-busy={yearOptions === undefined || undefined}
            aria-invalid={messages.length > 0 || undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
    </FieldsetShell>
  );
}
