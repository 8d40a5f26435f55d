import { Dialog } from '../../components/Dialog';

interface InactivityWarningProps {
  open: boolean;
  secondsLeft: number;
  onStay: () => void;
  onLogOut: () => void;
}

export const INACTIVITY_WARNING_TITLE = 'Still working?';
export const STAY_LABEL = 'Yes - Take me back to my application';
export const LEAVE_LABEL = 'No - Please log me out';

/** The inactivity warning (SPEC §4). Escape counts as 'Yes': pressing a key is activity. */
export function InactivityWarning({ open, secondsLeft, onStay, onLogOut }: InactivityWarningProps) {
  const seconds = `${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}`;
  return (
    <Dialog
      open={open}
      title={INACTIVITY_WARNING_TITLE}
      onCancel={onStay}
      actions={[
        { label: LEAVE_LABEL, onClick: onLogOut },
        { label: STAY_LABEL, onClick: onStay, primary: true },
      ]}
    >
      <p>
        You have not been active for a while. For your security, you will be logged out in <strong>{seconds}</strong>.
        Your saved answers will be kept.
      </p>
    </Dialog>
  );
}
