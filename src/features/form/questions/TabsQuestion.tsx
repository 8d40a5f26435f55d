import { useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { Dialog } from '../../../components/Dialog';
import { GENERIC_ERROR } from '../../../config/messages';
import { api } from '../../../services/api';
import type { ApiError } from '../../../services/baseQuery';
import { answersCleared } from '../../answers/answersSlice';
import { documentsDiscarded, isBusy, selectDocument } from '../../documents/documentsSlice';
import { ANSWERED, TAB_BLOCKED, TAB_BLOCKED_TITLE, tabsError } from '../../documents/messages';
import { toastShown } from '../../notifications/notificationsSlice';
import { tabSwitched } from '../../tabs/tabsSlice';
import { keysClearedByTabSwitch } from '../conditions';
import type { TabsQuestion as TabsQuestionDef } from '../definition/types';
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
 * While the chosen tab's upload is under way (uploading, converting, or its data still being fetched) the switch is
 * refused with the 'File Upload in Progress' dialog; leaving a tab that holds an uploaded file deletes its
 * conversion and document answer (the Documents listeners).
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

  const choose = async (id: string) => {
    if (id === chosen.id || busy) return;
    const docKeys = documentKeys(chosen);
    if (docKeys.some((key) => isBusy(selectDocument(store.getState(), key)))) {
      setBlocked(true);
      return;
    }
    setBusy(true);
    try {
      await dispatch(api.endpoints.putTabs.initiate({ tab_id: tabId, chosen_tab: id })).unwrap();
      // Not busy from the same render that shows the new tab (updates after an await are batched): a click on
      // the tab just left, made as soon as the switch shows, must not be ignored.
      setBusy(false);
      const state = store.getState();
      const uploaded = docKeys.filter(
        (key) => state.answers.values[key] === ANSWERED || selectDocument(state, key).file !== null,
      );
      const clears = keysClearedByTabSwitch(question, chosen.id, id);
      dispatch(tabSwitched({ tabId, tab: id }));
      if (clears.length > 0) dispatch(answersCleared(clears));
      if (uploaded.length > 0) dispatch(documentsDiscarded({ tabId, keys: uploaded }));
    } catch (error) {
      setBusy(false);
      const { status, message } = error as ApiError;
      if (status !== 401) {
        dispatch(toastShown({ severity: 'error', title: tabsError(tabId), message: message || GENERIC_ERROR }));
      }
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
