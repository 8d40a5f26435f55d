import { useState } from 'react';
import { Button, Checkbox } from 'antd';
import { useNavigate } from 'react-router-dom';
import { STAFF_PATHS } from '../../kernel/staff/paths';
import { StatusMessage } from '../ui';

/** The codes as a text file: one a line, with what they are for. */
const codesText = (email: string, codes: readonly string[]) =>
  `Recovery codes for the staff console (${email}).\n` +
  'Each works once, in place of an authenticator code. Keep them somewhere safe.\n\n' +
  `${codes.join('\n')}\n`;

/**
 * The ten recovery codes, shown once (the server keeps only their hashes): a list, a download and a copy, and
 * Continue only once the staff member says they have saved them.
 */
export function RecoveryCodes({ email, codes, message }: { email: string; codes: readonly string[]; message: string }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState('');

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(email, codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'staff-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus('The recovery codes were downloaded as staff-recovery-codes.txt.');
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(email, codes));
      setStatus('The recovery codes were copied.');
    } catch {
      setStatus('The codes could not be copied: select them and copy them yourself, or download them.');
    }
  };

  return (
    <>
      <h1>Save your recovery codes</h1>
      <StatusMessage message={message} />
      <div className="staff-panel">
        <p>
          If you lose your phone, each of these codes signs you in once in place of an authenticator code. They are
          shown only now: save them somewhere safe (a password manager, or printed and locked away).
        </p>
        <ol className="staff-codes" aria-label="Your recovery codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div className="staff-row" style={{ marginBottom: 16 }}>
          <Button onClick={download}>Download .txt</Button>
          <Button onClick={() => void copy()}>Copy</Button>
        </div>
        <p role="status">{status}</p>
        <p>
          <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
            I have saved my recovery codes
          </Checkbox>
        </p>
        <Button type="primary" size="large" disabled={!saved} onClick={() => void navigate(STAFF_PATHS.home)}>
          Continue
        </Button>
      </div>
    </>
  );
}
