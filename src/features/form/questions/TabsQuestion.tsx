import { useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import type { RootState } from '../../../app/store';
import { Dialog } from '../../../components/Dialog';
import { TAB_BLOCKED, TAB_BLOCKED_TITLE, tabsError } from '../../../kernel/documents/messages';
import { keysClearedByTabSwitch } from '../../../kernel/form/conditions';
import type { TabsQuestion as TabsQuestionDef } from '../../../kernel/form/definition/types';
import {
  selectSwitching,
  switchVerdict,
  SWITCH_CANCEL,
  SWITCH_CONFIRM,
  switchTitle,
  typedWillClear,
  fileWillDelete,
  tabSwitchRequested,
  type TabSwitch,
} from '../../tabs';
import { Hint, type QuestionProps } from '../renderer/Field';

export { tabsError };

/**
 * Tabs (SPEC §4): a tablist (arrow keys, Home and End move between the tabs; Enter or Space chooses one) and the
 * chosen tab's questions. Visitors see the default tab only. Choosing dispatches the switch (tabSwitchRequested;
 * the Tabs listeners save it, clear the left tab and offer Undo); this component only asks first: the
 * 'File Upload in Progress' dialog while the left tab's upload is under way, and a confirmation when the switch
 * would clear something typed or delete an uploaded file (features/tabs/selectors.ts says which).
 */
export function TabsQuestion({ question, readOnly = false, section, Nested }: QuestionProps<TabsQuestionDef>) {
  const { tabId, tabs, defaultTab } = question;
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const stored = useAppSelector((s) => s.tabs.chosen[tabId]);
  const switching = useAppSelector((s) => selectSwitching(s, tabId));
  const canChoose = isLoggedIn || readOnly;
  const chosenId = canChoose && tabs.some((t) => t.id === stored) ? stored : defaultTab;
  const chosen = tabs.find((t) => t.id === chosenId) ?? tabs[0];
  const [blocked, setBlocked] = useState(false);
  const store = useStore<RootState>();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabButtonId = (id: string) => `${question.key}-tab-${id}`;
  const panelId = `${question.key}-panel`;

  /** The switch waiting for the applicant to confirm that their typed answer or uploaded file may go. */
  const [confirming, setConfirming] = useState<{ to: string; typed: boolean; files: string[] } | null>(null);

  /** The document questions of a tab, by key: their labels. */
  const documentLabelsOf = (tab: (typeof tabs)[number] | undefined) =>
    Object.fromEntries((tab?.questions ?? []).filter((q) => q.type === 'document').map((q) => [q.key, q.label]));

  /** The switch to `to`, with what the flow needs of this question. */
  const switchTo = (to: string): TabSwitch => ({
    tabId,
    from: chosen.id,
    to,
    fromLabel: chosen.label,
    title: tabsError(question.label),
    clears: keysClearedByTabSwitch(question, chosen.id, to),
    documentLabels: documentLabelsOf(chosen),
    toDocumentLabels: documentLabelsOf(tabs.find((t) => t.id === to)),
  });

  const choose = (id: string, confirmed = false) => {
    if (id === chosen.id || switching) return;
    const request = switchTo(id);
    const verdict = switchVerdict(store.getState(), request);
    if (verdict.blocked) {
      setBlocked(true);
      return;
    }
    if (!confirmed && (verdict.typed || verdict.files.length > 0)) {
      setConfirming({ to: id, typed: verdict.typed, files: verdict.files });
      return;
    }
    dispatch(tabSwitchRequested(request));
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

  const panel = chosen.questions.map((q) => <Nested key={q.key} question={q} section={section} readOnly={readOnly} />);
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
              onClick={() => choose(tab.id)}
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
              if (to) choose(to, true);
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
