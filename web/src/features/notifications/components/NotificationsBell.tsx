/** The header's notifications entry (unread count, list, toasts); rendered in the shell's header. */
export function NotificationsBell() {
  return null;
}
