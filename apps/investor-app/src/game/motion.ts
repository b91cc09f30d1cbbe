/** Whether the player asked the system for less motion; every animation here checks it first. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

/**
 * Sends a few GOLD coins flying from an element (the harvest button) to the GOLD balance in the header. Purely a
 * picture: the balance itself comes from the chain. Resolves when the last coin lands (at once with reduced motion).
 */
export async function flyGold(from: Element | null): Promise<void> {
  const target = document.querySelector('[data-testid="gold-balance"]');
  if (!from || !target || prefersReducedMotion() || typeof document.body.animate !== "function") return;
  const start = from.getBoundingClientRect();
  const end = target.getBoundingClientRect();
  const flights = Array.from({ length: 6 }, (_, i) => {
    const coin = document.createElement("span");
    coin.className = "gold-coin";
    coin.setAttribute("aria-hidden", "true");
    coin.style.left = `${start.left + start.width / 2}px`;
    coin.style.top = `${start.top + start.height / 2}px`;
    document.body.append(coin);
    const dx = end.left + end.width / 2 - (start.left + start.width / 2);
    const dy = end.top + end.height / 2 - (start.top + start.height / 2);
    const animation = coin.animate(
      [
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
        { transform: `translate(${dx * 0.4}px, ${dy * 0.4 - 60}px) scale(1.2)`, opacity: 1, offset: 0.5 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.4 },
      ],
      { duration: 900, delay: i * 90, easing: "cubic-bezier(0.22, 1, 0.36, 1)", fill: "forwards" },
    );
    return animation.finished.finally(() => coin.remove());
  });
  await Promise.allSettled(flights);
  target.classList.add("balance--bump");
  setTimeout(() => target.classList.remove("balance--bump"), 600);
}
