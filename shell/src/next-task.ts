/** The next task: the browser may paint and answer a tap between two pieces of work. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
