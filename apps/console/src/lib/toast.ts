/** A tiny toast store: the HTTP client and pages push messages; <Toaster/> shows the latest. */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  /** ms; null keeps it until closed. */
  duration: number | null;
}

type Listener = (t: Toast | null) => void;
let current: Toast | null = null;
let seq = 0;
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l(current);
};

function show(kind: ToastKind, message: string, opts: { title?: string; duration?: number | null } = {}): void {
  current = {
    id: ++seq,
    kind,
    message,
    title: opts.title,
    duration: opts.duration === undefined ? 4000 : opts.duration,
  };
  emit();
}

export const toast = {
  success: (m: string, o?: { title?: string; duration?: number | null }) => show('success', m, o),
  error: (m: string, o?: { title?: string; duration?: number | null }) => show('error', m, o),
  info: (m: string, o?: { title?: string; duration?: number | null }) => show('info', m, o),
  warning: (m: string, o?: { title?: string; duration?: number | null }) => show('warning', m, o),
  clear(): void {
    if (!current) return;
    current = null;
    emit();
  },
  get current(): Toast | null {
    return current;
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
