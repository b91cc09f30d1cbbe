import { GARDEN_COLUMNS, GARDEN_ROWS, type Garden, MAX_PLACED_DECORATIONS } from "@farm/core";
import { apiErrorMessage, Notice, useT } from "@farm/ui";
import { type PointerEvent, useEffect, useReducer, useRef, useState } from "react";
import "../../i18n/garden-decor";
import { type ArrangeState, arrange, type Held } from "./arrange-state";
import { DecorationIcon } from "./decoration-art";
import { UnlockHint } from "./UnlockHint";
import { useSaveLayout } from "./use-garden";
import "./yard.css";

const CELLS = Array.from({ length: GARDEN_COLUMNS * GARDEN_ROWS }, (_, i) => ({
  x: i % GARDEN_COLUMNS,
  y: Math.floor(i / GARDEN_COLUMNS),
}));

const ARROWS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -GARDEN_COLUMNS,
  ArrowDown: GARDEN_COLUMNS,
};

/**
 * Arrange mode: a tray of the unlocked items and the yard's grid. Tap an item then a cell (phones); drag with a mouse
 * or pen (desktops); every cell and item is a button, so the keyboard does the same, arrows moving between cells.
 * Nothing is saved until Save; the server checks the layout again.
 */
export default function ArrangeEditor({
  garden,
  onDone,
}: {
  garden: Garden;
  /** Called once saved (true) or cancelled (false). */
  onDone: (saved: boolean) => void;
}) {
  const t = useT();
  const save = useSaveLayout();
  const [state, dispatch] = useReducer(arrange, {
    items: garden.layout.items,
    held: null,
    full: false,
  } satisfies ArrangeState);
  const drag = useRef<Exclude<Held, null> | null>(null);
  const [dragging, setDragging] = useState(false);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const name = (id: string) => t(`decoration.${id}`);
  const itemAt = (x: number, y: number) => state.items.find((item) => item.x === x && item.y === y);
  const heldItem = state.held?.from === "cell" ? itemAt(state.held.x, state.held.y) : undefined;

  useEffect(() => {
    if (!dragging) return;
    const stop = () => {
      drag.current = null;
      setDragging(false);
    };
    window.addEventListener("pointerup", stop);
    return () => window.removeEventListener("pointerup", stop);
  }, [dragging]);

  const startDrag = (event: PointerEvent, held: Exclude<Held, null>) => {
    if (event.pointerType === "touch") return;
    drag.current = held;
    setDragging(true);
  };

  const status = state.full
    ? t("yard.full", { max: MAX_PLACED_DECORATIONS })
    : state.held?.from === "tray"
      ? t("yard.placing", { name: name(state.held.id) })
      : heldItem
        ? t("yard.moving", { name: name(heldItem.id) })
        : t("yard.count", { count: state.items.length, max: MAX_PLACED_DECORATIONS });

  const unlocked = garden.catalog.filter((entry) => entry.unlocked);
  const locked = garden.catalog.filter((entry) => !entry.unlocked);

  return (
    <section className="yard-editor stack" aria-labelledby="yard-editor-title" data-testid="yard-editor">
      <h2 id="yard-editor-title">{t("yard.arrangeTitle")}</h2>
      <p className="small">
        {t("yard.howTo")} <span className="muted">{t("yard.howToDesktop")}</span>
      </p>
      <p className="yard-editor__status small" role="status" data-testid="yard-status">
        {status}
      </p>
      <fieldset className="yard-fieldset">
        <legend className="farm-visually-hidden">
          {t("yard.grid", { columns: GARDEN_COLUMNS, rows: GARDEN_ROWS })}
        </legend>
        <div className={dragging ? "yard-grid yard-grid--dragging" : "yard-grid"}>
          {CELLS.map(({ x, y }, index) => {
            const item = itemAt(x, y);
            const held = state.held?.from === "cell" && state.held.x === x && state.held.y === y;
            return (
              <button
                key={`${x},${y}`}
                ref={(element) => {
                  cells.current[index] = element;
                }}
                type="button"
                className={held ? "yard-cell yard-cell--held" : "yard-cell"}
                aria-pressed={held}
                aria-label={t("yard.cell", {
                  row: y + 1,
                  column: x + 1,
                  content: item ? name(item.id) : t("yard.cellEmpty"),
                })}
                data-testid="yard-cell"
                data-cell={`${x},${y}`}
                data-item={item?.id ?? ""}
                onClick={() => dispatch({ type: "tap", x, y })}
                onPointerDown={(event) => item && startDrag(event, { from: "cell", x, y })}
                onPointerUp={() => drag.current && dispatch({ type: "drop", held: drag.current, x, y })}
                onKeyDown={(event) => {
                  const step = ARROWS[event.key];
                  if (step !== undefined) {
                    event.preventDefault();
                    const next = index + step;
                    const sameRow = Math.abs(step) !== 1 || Math.floor(next / GARDEN_COLUMNS) === y;
                    if (next >= 0 && next < CELLS.length && sameRow) cells.current[next]?.focus();
                  } else if ((event.key === "Delete" || event.key === "Backspace") && held) {
                    dispatch({ type: "remove" });
                  }
                }}
              >
                {item && <DecorationIcon id={item.id} size={30} />}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="actions">
        <button
          type="button"
          className="ds-button ds-button--secondary"
          disabled={!heldItem}
          onClick={() => dispatch({ type: "remove" })}
          data-testid="yard-remove"
        >
          {t("yard.remove")}
        </button>
      </div>
      <h3>{t("yard.tray")}</h3>
      <ul className="yard-tray" data-testid="yard-tray">
        {unlocked.map((entry) => {
          const picked = state.held?.from === "tray" && state.held.id === entry.id;
          return (
            <li key={entry.id}>
              <button
                type="button"
                className={picked ? "yard-tray__item yard-tray__item--picked" : "yard-tray__item"}
                aria-pressed={picked}
                data-testid="yard-tray-item"
                data-decoration={entry.id}
                onClick={() => dispatch({ type: "pick", id: entry.id })}
                onPointerDown={(event) => startDrag(event, { from: "tray", id: entry.id })}
              >
                <DecorationIcon id={entry.id} />
                <span className="small">{name(entry.id)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {locked.length > 0 && (
        <details className="yard-locked">
          <summary>{t("yard.stillLocked")}</summary>
          <ul>
            {locked.map((entry) => (
              <li key={entry.id} data-testid="yard-locked-item" data-decoration={entry.id}>
                <DecorationIcon id={entry.id} size={24} />
                <span className="small">
                  <strong>{name(entry.id)}</strong> ·{" "}
                  <UnlockHint rule={entry.unlock} progress={garden.progress} />
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {save.error && <Notice tone="error">{apiErrorMessage(save.error, t)}</Notice>}
      <p className="muted small">{t("yard.looksOnly")}</p>
      <div className="actions yard-editor__actions">
        <button
          type="button"
          className="ds-button"
          disabled={save.isPending}
          data-testid="yard-save"
          onClick={() => save.mutate(state.items, { onSuccess: () => onDone(true) })}
        >
          {save.isPending ? t("yard.saving") : t("yard.save")}
        </button>
        <button type="button" className="ds-button ds-button--secondary" onClick={() => onDone(false)}>
          {t("yard.cancel")}
        </button>
      </div>
    </section>
  );
}
