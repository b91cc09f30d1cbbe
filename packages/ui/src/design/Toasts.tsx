import { createContext, type ReactNode, useContext, useRef, useState } from "react";

export type ToastTone = "info" | "celebrate";
interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** At most this many toasts are on screen; the next ones wait their turn. */
export const toastsShownAtOnce = 3;

const ToastContext = createContext<(message: string, tone?: ToastTone) => void>(() => {});

/** The toasts on screen and those waiting; a timer takes each away. */
class ToastQueue {
  private readonly shown: Toast[] = [];
  private readonly waiting: Toast[] = [];
  private nextId = 1;

  constructor(
    private readonly durationMs: number,
    private readonly render: (shown: Toast[]) => void,
  ) {}

  add(message: string, tone: ToastTone): void {
    this.waiting.push({ id: this.nextId++, message, tone });
    this.promote();
  }

  /** Puts waiting toasts on screen while there is room; each stays its full time from when it is shown. */
  private promote(): void {
    while (this.shown.length < toastsShownAtOnce && this.waiting.length > 0) {
      const toast = this.waiting.shift() as Toast;
      this.shown.push(toast);
      setTimeout(() => {
        this.shown.splice(this.shown.indexOf(toast), 1);
        this.promote();
      }, this.durationMs);
    }
    this.render([...this.shown]);
  }
}

/**
 * Short messages at the bottom of the screen, read out politely by screen readers. Each stays `durationMs` from when it
 * shows; when more come at once than fit (a harvest's XP, quests and achievements), the later ones wait their turn
 * instead of pushing the earlier ones off before they could be read.
 */
export function ToastProvider({ children, durationMs = 4000 }: { children: ReactNode; durationMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Made once, at the first render: a child's effect may show a toast before any effect of this provider ran.
  const queue = useRef<ToastQueue | null>(null);
  queue.current ??= new ToastQueue(durationMs, setToasts);
  const { current } = queue;
  const show = useRef((message: string, tone: ToastTone = "info") => current.add(message, tone)).current;
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="ds-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className={`ds-toast ds-toast--${toast.tone}`} data-testid="toast">
            {toast.message}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast: `toast("Watered!")`, or `toast("Level 3!", "celebrate")`. */
export function useToast(): (message: string, tone?: ToastTone) => void {
  return useContext(ToastContext);
}
