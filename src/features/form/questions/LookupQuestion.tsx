import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAppDispatch } from '../../../shared/hooks';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_RESULTS, LOOKUP_MAX_WAIT_MS } from '../../../kernel/constants';
import { api, type LookupSuggestion } from '../../../services/api';
import type { LookupQuestion as LookupQuestionDef } from '../../../kernel/form/definition/types';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useFieldErrors, useRequired } from '../renderer/hooks';
import { useTypedText } from '../renderer/useTypedText';
import { useDebounced } from '../renderer/useDebounced';
import { fillFromDetail } from './lookupFill';

/** The answer key the search box shows and types into: where the record's label goes. */
export const lookupTextKey = (question: LookupQuestionDef) => question.fills[question.labelKey] ?? question.key;

/**
 * A search box with suggestions: the ARIA 1.2 combobox pattern (an input with role combobox controlling a
 * listbox). Typing stores the text (useTypedText) and asks GET /lookup/find (debounced 200 ms, max wait 500 ms)
 * for at most 5 suggestions; arrows move through them, Enter or a click picks one, Escape closes the list.
 * Picking fetches the record and fills the mapped answers. A failed suggestion call shows no list, silently; a
 * failed record call keeps the chosen label (SPEC §8).
 */
export function LookupQuestion({ question, readOnly }: QuestionProps<LookupQuestionDef>) {
  const { key, category } = question;
  const textKey = lookupTextKey(question);
  const { value, ref, onChange: onTyped, onBlur: sendTyped, replace } = useTypedText<HTMLInputElement>(textKey);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const dispatch = useAppDispatch();
  const [suggestions, setSuggestions] = useState<readonly LookupSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latestRequest = useRef(0);
  const listId = `${key}-suggestions`;
  const statusId = useId();
  const optionId = (index: number) => `${key}-suggestion-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = useDebounced(
    async (text: string) => {
      const request = ++latestRequest.current;
      if (text.trim() === '') {
        setSuggestions([]);
        close();
        return;
      }
      try {
        const found = await dispatch(
          api.endpoints.lookupSuggestions.initiate({ text: text.trim(), category }, { subscribe: false }),
        ).unwrap();
        if (request !== latestRequest.current) return;
        const list = found.slice(0, LOOKUP_MAX_RESULTS);
        setSuggestions(list);
        setActive(-1);
        setOpen(list.length > 0);
      } catch {
        // SPEC §8: a suggestion failure shows an empty list, silently.
        if (request !== latestRequest.current) return;
        setSuggestions([]);
        close();
      }
    },
    LOOKUP_DEBOUNCE_MS,
    LOOKUP_MAX_WAIT_MS,
  );

  const pick = async (suggestion: LookupSuggestion) => {
    search.cancel();
    latestRequest.current++;
    setSuggestions([]);
    close();
    // The chosen label stays even when the record cannot be fetched (SPEC §8).
    replace(suggestion.text);
    try {
      const detail = await dispatch(
        api.endpoints.lookupDetail.initiate({ id: suggestion.id, category }, { subscribe: false }),
      ).unwrap();
      await fillFromDetail(dispatch, question, detail);
    } catch {
      // Detail failure: the label is kept; the applicant completes the other fields by hand.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter':
        if (open && active >= 0 && active < count) {
          event.preventDefault();
          void pick(suggestions[active]);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        return;
    }
  };

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={value} />
      </ReadOnlyField>
    );
  }
  const expanded = open && suggestions.length > 0;
  return (
    <FieldShell id={key} label={question.label} hint={question.hint} messages={messages} required={required}>
      <div className="form-lookup">
        <input
          id={key}
          name={key}
          type="text"
          role="combobox"
          className="form-input"
          autoComplete="off"
          spellCheck={false}
          ref={ref}
          defaultValue={value}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-required={required || undefined}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={describe(key, question.hint, messages)}
          onChange={(event) => {
            onTyped(event);
            search.call(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            sendTyped();
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`Suggestions for ${question.label}`}
          className="form-listbox"
          hidden={!expanded}
        >
          {suggestions.map((suggestion, i) => (
            <li
              key={suggestion.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'form-option form-option-active' : 'form-option'}
              // Keep the focus in the input: the click picks, the blur would close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void pick(suggestion)}
            >
              <span className="form-option-text">{suggestion.text}</span>
              {suggestion.sub_text && <span className="form-option-subtext">{suggestion.sub_text}</span>}
            </li>
          ))}
        </ul>
        <div id={statusId} className="form-sr-only" role="status">
          {expanded
            ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'} available. Use the up and down arrows to choose one.`
            : ''}
        </div>
      </div>
    </FieldShell>
  );
}
