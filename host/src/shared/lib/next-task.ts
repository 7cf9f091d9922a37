/**
 * Resolves in a new task. Start-up awaits it between its steps (federation, the app's libraries,
 * each remote's page, hydration), so a phone's main thread runs several short tasks instead of one
 * long one and a tap in between is answered (docs/product.md#first-paint).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
