import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

export type ToastTone = "info" | "celebrate";
interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const ToastContext = createContext<(message: string, tone?: ToastTone) => void>(() => {});

/** Short messages at the bottom of the screen, read out politely by screen readers; each leaves after a few seconds. */
export function ToastProvider({ children, durationMs = 4000 }: { children: ReactNode; durationMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback(
    (message: string, tone: ToastTone = "info") => {
      const id = nextId.current++;
      setToasts((current) => [...current.slice(-2), { id, message, tone }]);
      setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), durationMs);
    },
    [durationMs],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
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
