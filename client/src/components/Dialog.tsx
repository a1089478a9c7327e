/**
 * The kit's modal under its former name: the game's dialogs import `Dialog` from here until they move
 * to `Modal` (same props).
 */
export { Modal as Dialog, type ModalProps as DialogProps } from './Modal';
