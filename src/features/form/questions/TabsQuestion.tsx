import { useRef, useState, type KeyboardEvent } from 'react';
import { reportFailure } from '../../notifications/reportFailure';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { Dialog } from '../../../components/Dialog';
import { api } from '../../../services/api';
import { answersCleared, descKey, hasAnyAnswer } from '../../answers/answersSlice';
import { UNDO_TOAST_MS } from '../../../kernel/constants';
import {
  FILE_REMOVED_TITLE,
  fileRemoved,
  fileWillDelete,
  SWITCH_CANCEL,
  SWITCH_CONFIRM,
  switchTitle,
  typedCleared,
  typedWillClear,
  TYPED_CLEARED_TITLE,
  UNDO,
} from '../../tabs/messages';
import { questionLabel } from '../../../kernel/form/definition';
import { documentsDiscarded, isBusy, selectDocument } from '../../documents/documentsSlice';
import { ANSWERED, TAB_BLOCKED, TAB_BLOCKED_TITLE, tabsError } from '../../../kernel/documents/messages';
import { toastShown } from '../../notifications/notificationsSlice';
import { tabSwitched, tabSwitchUndone } from '../../tabs/tabsSlice';
import { keysClearedByTabSwitch } from '../../../kernel/form/conditions';
import type { TabsQuestion as TabsQuestionDef } from '../../../kernel/form/definition/types';
import { Hint, type QuestionProps } from '../renderer/Field';
import { QuestionRenderer } from '../renderer/QuestionRenderer';

export { tabsError };

/** The document questions of a tab (their uploads tie the tab down, SPEC §4). */
const documentKeys = (tab: TabsQuestionDef['tabs'][number]) =>
  tab.questions.filter((q) => q.type === 'document').map((q) => q.key);

/**
 * Tabs (SPEC §4): a tablist (arrow keys, Home and End move between the tabs; Enter or Space chooses one) and the
 * chosen tab's questions. Choosing saves the choice (PUT /api/tabs), then records it and clears the answers on
 * the left tab's clear list. A failure shows an error toast and keeps the tab. Visitors see the default tab only.
 * A switch that would clear something typed or delete an uploaded file asks first; what it cleared can be brought
 * back with the Undo of the toast that follows: the typed answers come back, and the files were never deleted (the
 * Documents listeners delete them once the Undo has had its time).
 * While the chosen tab's upload is under way (uploading, converting, or its data still being fetched) the switch is
 * refused with the 'File Upload in Progress' dialog; leaving a tab that holds an uploaded file deletes its
 * conversion and document answer (the Documents listeners), UNDO_TOAST_MS later.
 */
export function TabsQuestion({ question, readOnly = false, section }: QuestionProps<TabsQuestionDef>) {
  const { tabId, tabs, defaultTab } = question;
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const stored = useAppSelector((s) => s.tabs.chosen[tabId]);
  const canChoose = isLoggedIn || readOnly;
  const chosenId = canChoose && tabs.some((t) => t.id === stored) ? stored : defaultTab;
  const chosen = tabs.find((t) => t.id === chosenId) ?? tabs[0];
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const store = useStore<RootState>();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabButtonId = (id: string) => `${question.key}-tab-${id}`;
  const panelId = `${question.key}-panel`;

  /** The switch waiting for the applicant to confirm that their typed answer or uploaded file may go. */
  const [confirming, setConfirming] = useState<{ to: string; typed: boolean; files: string[] } | null>(null);

  const choose = async (id: string, confirmed = false) => {
    if (id === chosen.id || busy) return;
    const docKeys = documentKeys(chosen);
    if (docKeys.some((key) => isBusy(selectDocument(store.getState(), key)))) {
      setBlocked(true);
      return;
    }
    const before = store.getState();
    const clears = keysClearedByTabSwitch(question, chosen.id, id);
    // Typed answers only: a document question's ANSWERED mark is its uploaded file (asked about as such).
    const typed = clears.filter(
      (key) => !docKeys.includes(key) && hasAnyAnswer({ [key]: before.answers.values[key] ?? '' }),
    );
    const uploaded = docKeys.filter(
      (key) => before.answers.values[key] === ANSWERED || selectDocument(before, key).file !== null,
    );
    if (!confirmed && (typed.length > 0 || uploaded.length > 0)) {
      const files = uploaded.map((key) => selectDocument(before, key).file?.name ?? questionLabel(key));
      setConfirming({ to: id, typed: typed.length > 0, files });
      return;
    }
    setBusy(true);
    try {
      await dispatch(api.endpoints.putTabs.initiate({ tab_id: tabId, chosen_tab: id })).unwrap();
      // Not busy from the same render that shows the new tab (updates after an await are batched): a click on
      // the tab just left, made as soon as the switch shows, must not be ignored.
      setBusy(false);
      const state = store.getState();
      const stillUploaded = docKeys.filter(
        (key) => state.answers.values[key] === ANSWERED || selectDocument(state, key).file !== null,
      );
      // What the clear list removes, with the labels of choices, for the Undo.
      const cleared = Object.fromEntries(
        clears
          .flatMap((key) => [key, descKey(key)])
          .flatMap((key) => {
            const value = state.answers.values[key];
            return value === undefined ? [] : [[key, value]];
          }),
      );
      dispatch(tabSwitched({ tabId, tab: id }));
      if (clears.length > 0) dispatch(answersCleared(clears));
      if (stillUploaded.length > 0) dispatch(documentsDiscarded({ tabId, fromTab: chosen.id, keys: stillUploaded }));
      if (typed.length > 0 || stillUploaded.length > 0) {
        const files = stillUploaded.map((key) =>
          fileRemoved(selectDocument(state, key).file?.name ?? questionLabel(key)),
        );
        dispatch(
          toastShown({
            severity: 'success',
            title: typed.length > 0 ? TYPED_CLEARED_TITLE : FILE_REMOVED_TITLE,
            message: [...(typed.length > 0 ? [typedCleared(chosen.label)] : []), ...files].join(' '),
            durationMs: UNDO_TOAST_MS,
            action: {
              label: UNDO,
              intent: tabSwitchUndone({ tabId, tab: chosen.id, answers: cleared, title: tabsError(question.label) }),
            },
          }),
        );
      }
    } catch (error) {
      setBusy(false);
      reportFailure(dispatch, tabsError(question.label), error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
  };

  const panel = chosen.questions.map((q) => (
    <QuestionRenderer key={q.key} question={q} section={section} readOnly={readOnly} />
  ));
  const labelId = `${question.key}-label`;

  if (readOnly || !isLoggedIn) {
    return (
      <div id={question.key} className="form-tabs" role="group" aria-labelledby={labelId}>
        <p id={labelId} className="form-group-label">
          {question.label}
          {readOnly && tabs.length > 1 && <span className="form-muted">: {chosen.label}</span>}
        </p>
        {!readOnly && <Hint id={question.key} hint={question.hint} />}
        {panel}
      </div>
    );
  }
  return (
    <div id={question.key} className="form-tabs" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="form-group-label">
        {question.label}
      </p>
      <Hint id={question.key} hint={question.hint} />
      <div role="tablist" aria-labelledby={labelId} className="form-tablist">
        {tabs.map((tab, i) => {
          const selected = tab.id === chosen.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[i] = element;
              }}
              id={tabButtonId(tab.id)}
              type="button"
              role="tab"
              className="form-tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => void choose(tab.id)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabButtonId(chosen.id)} className="form-tabpanel">
        {panel}
      </div>
      <Dialog
        open={confirming !== null}
        title={switchTitle(tabs.find((t) => t.id === confirming?.to)?.label ?? '')}
        onCancel={() => setConfirming(null)}
        actions={[
          { label: SWITCH_CANCEL, onClick: () => setConfirming(null) },
          {
            label: SWITCH_CONFIRM,
            primary: true,
            onClick: () => {
              const to = confirming?.to;
              setConfirming(null);
              if (to) void choose(to, true);
            },
          },
        ]}
      >
        {confirming?.typed && <p>{typedWillClear(chosen.label)}</p>}
        {confirming?.files.map((name) => (
          <p key={name}>{fileWillDelete(name)}</p>
        ))}
      </Dialog>
      <Dialog
        open={blocked}
        title={TAB_BLOCKED_TITLE}
        onCancel={() => setBlocked(false)}
        actions={[{ label: 'OK', onClick: () => setBlocked(false), primary: true }]}
      >
        <p>{TAB_BLOCKED}</p>
      </Dialog>
    </div>
  );
}
