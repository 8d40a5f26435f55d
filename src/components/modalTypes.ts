import type { ReactNode } from 'react';

export interface ModalAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The buttons in the footer, in order. */
  actions: ModalAction[];
  /**
   * Escape calls this. Without it the modal can only be left with one of its actions.
   */
  onCancel?: () => void;
}

/** SPEC §9: modal default size xs. antd also keeps a modal 16 px inside each edge of a narrow screen. */
export const MODAL_WIDTH_PX = 440;
