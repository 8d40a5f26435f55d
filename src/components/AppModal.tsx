import { Button, ConfigProvider, Modal } from 'antd';
import { APP_THEME } from '../styles/theme';
import { MODAL_WIDTH_PX, type ModalProps } from './modalTypes';

/**
 * The one place that renders antd's Modal (focus trap, Escape, focus back to the opener, scroll lock). Loaded
 * lazily through <Dialog>, so antd's modal code is not part of any route's first download.
 */
export default function AppModal({ open, title, children, actions, onCancel }: ModalProps) {
  return (
    <ConfigProvider theme={APP_THEME}>
      <Modal
        open={open}
        title={title}
        onCancel={onCancel}
        // No corner ✕: it would be a second 'Close' beside the footer's. Escape still cancels when allowed.
        closable={false}
        keyboard={Boolean(onCancel)}
        mask={{ closable: false }}
        centered
        width={MODAL_WIDTH_PX}
        footer={actions.map((action) => (
          <Button
            key={action.label}
            type={action.primary ? 'primary' : 'default'}
            size="large"
            onClick={action.onClick}
            style={{ marginTop: 8 }}
          >
            {action.label}
          </Button>
        ))}
      >
        <div className="shell-dialog-text">{children}</div>
      </Modal>
    </ConfigProvider>
  );
}
