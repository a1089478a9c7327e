/** See webglRendererSlot.cjs. */
declare const WebGLRendererSlot: { provide(renderer: unknown): void };
export = WebGLRendererSlot;
