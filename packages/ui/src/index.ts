/**
 * @pravesh/ui: the design tokens and the React components every Pravesh front end shares
 * (ARCHITECTURE.md "Layout": `ui` ← widgets and the front-end apps). The components' rules are in
 * components.css (documents) or COMPONENTS_CSS from '@pravesh/ui/css' (shadow roots).
 */
export * from './css/index.ts';
export { Alert, Toast, ToastRegion, type AlertProps, type AlertTone, type ToastProps } from './components/alert.tsx';
export {
  BottomSheet,
  type BottomSheetProps,
  type ModalSheetProps,
  type SheetChangeReason,
  type SnapSheetProps,
} from './components/bottom-sheet.tsx';
export {
  FLICK_VELOCITY_PX_PER_MS,
  nextSnap,
  SWIPE_THRESHOLD_PX,
  swipeOpens,
  type DragSample,
  type SheetSnap,
  type SnapHeights,
} from './components/sheet-gesture.ts';
export { useSwipeToOpen } from './components/swipe-to-open.ts';
export { Button, type ButtonProps, type ButtonVariant } from './components/button.tsx';
export { cx } from './components/class-names.ts';
export {
  ErrorIcon,
  Field,
  SelectField,
  TextAreaField,
  type FieldControl,
  type FieldFrameProps,
  type FieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
} from './components/field.tsx';
export { Combobox, filterOptions, type ComboboxOption, type ComboboxProps } from './components/combobox.tsx';
export { deepActiveElement, FOCUSABLE, tabbables } from './components/focus.ts';
export { Modal, type ModalCloseReason, type ModalProps } from './components/modal.tsx';
export { makeOutsideInert, useModalFocus, type ModalFocusOptions } from './components/modal-focus.ts';
export { OtpInput, otpDigitsOf, type OtpInputProps } from './components/otp-input.tsx';
export { Skeleton, SkeletonGroup, type SkeletonProps } from './components/skeleton.tsx';
export { QueryState, type QueryLike, type QueryStateProps } from './components/query-state.tsx';
export { Spinner } from './components/spinner.tsx';
export { Tabs, type TabItem, type TabsProps } from './components/tabs.tsx';
export { TextField, type TextFieldProps } from './components/text-field.tsx';
