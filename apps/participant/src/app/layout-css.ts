import { MOBILE_BREAKPOINT_PX } from '@trialpath/domain';

/**
 * Mobile-first layout: on phones (≤ MOBILE_BREAKPOINT_PX) the card fills the width; above it the
 * card is centred. Built from the domain constant so the breakpoint lives in one place.
 */
export const LAYOUT_CSS = `
.tp-shell { --mantine-color-dimmed: #5c636a; min-height: 100dvh; display: flex; flex-direction: column; background: #f1f4f6; }
.tp-header { display: flex; align-items: center; justify-content: space-between; gap: 12px;
  padding: 12px 16px; min-height: 56px; }
.tp-header-title { font-weight: 700; font-size: 1.05rem; line-height: 1.25; overflow-wrap: anywhere; }
.tp-header-logo { height: 32px; width: auto; max-width: 120px; object-fit: contain; flex: none; }
.tp-header-logo + .tp-header-title { margin-right: auto; }
.tp-main { flex: 1; width: 100%; }
.tp-card { background: #fff; padding: 24px 20px 28px; }
.tp-footer { padding: 16px; }
.tp-legal-links { display: flex; justify-content: center; flex-wrap: wrap; column-gap: 24px; margin-bottom: 6px; }
.tp-touch { min-height: 48px; display: inline-flex; align-items: center; }
.tp-lang-link { min-width: 48px; min-height: 44px; display: inline-flex; align-items: center; justify-content: center;
  border-radius: 8px; font-weight: 700; text-decoration: none; padding: 0 10px; }
.tp-lang-link:focus-visible { outline: 3px solid currentColor; outline-offset: 2px; }
.tp-facts { display: grid; grid-template-columns: 1fr; gap: 4px 16px; margin: 0; }
.tp-facts dt { font-size: 0.85rem; color: #5c6670; }
.tp-facts dd { margin: 0 0 12px; font-size: 1.1rem; font-weight: 600; overflow-wrap: anywhere; }
@media (min-width: ${MOBILE_BREAKPOINT_PX + 1}px) {
  .tp-header { padding: 14px 32px; }
  .tp-main { padding: 48px 16px; }
  .tp-card { max-width: 480px; margin: 0 auto; padding: 32px 36px 36px; border-radius: 12px;
    box-shadow: 0 1px 3px rgba(16, 24, 40, 0.1), 0 8px 24px rgba(16, 24, 40, 0.08); }
}
@media (max-width: ${MOBILE_BREAKPOINT_PX}px) {
  .tp-main { display: flex; flex-direction: column; }
  .tp-card { flex: 1; }
}
`;

export const SKIP_LINK_CSS = `
.tp-skip { position: absolute; left: -9999px; top: 0; z-index: 5000; background: #fff; color: #000; padding: 8px 12px;
  border: 2px solid #000; border-radius: 6px; font: inherit; cursor: pointer; }
.tp-skip:focus { left: 8px; top: 8px; }
.tp-main:focus { outline: none; }
`;

/** The language page's native controls, sized like the Mantine "lg" inputs. */
export const CHOICE_CSS = `
.tp-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.tp-label { display: block; font-weight: 600; font-size: 1rem; margin-bottom: 8px; padding: 0; color: #1f2328; }
.tp-choices { display: grid; gap: 10px; }
.tp-choice { display: flex; align-items: center; gap: 14px; min-height: 56px; padding: 12px 16px; cursor: pointer;
  border: 1px solid #ced4da; border-radius: 10px; background: #fff; font-size: 1.125rem; font-weight: 600; }
.tp-choice:hover { background: #f8f9fa; }
.tp-choice:has(input:checked) { border: 2px solid var(--tp-accent, #00796B); padding: 11px 15px; background: #f4fbfa; }
.tp-choice input { width: 22px; height: 22px; margin: 0; accent-color: var(--tp-accent, #00796B); flex: none; }
.tp-choice:has(input:focus-visible) { outline: 3px solid var(--tp-accent, #00796B); outline-offset: 2px; }
.tp-select { width: 100%; min-height: 50px; padding: 0 40px 0 14px; font: inherit; font-size: 1.125rem; color: #1f2328;
  border: 1px solid #ced4da; border-radius: 8px; background-color: #fff; appearance: none;
  background-image: linear-gradient(45deg, transparent 50%, #495057 50%), linear-gradient(135deg, #495057 50%, transparent 50%);
  background-position: calc(100% - 20px) 50%, calc(100% - 14px) 50%; background-size: 6px 6px, 6px 6px; background-repeat: no-repeat; }
.tp-select:focus-visible { outline: 2px solid var(--tp-accent, #00796B); outline-offset: 1px; border-color: var(--tp-accent, #00796B); }
`;
