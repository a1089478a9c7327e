/** Which Phaser renderer draws the board: decided before the engine loads (no Phaser here). */
export type RendererChoice = 'webgl' | 'canvas';

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * WebGL on a real GPU; Phaser's Canvas renderer when WebGL would run in software (SwiftShader,
 * llvmpipe: blocklisted GPUs, virtual machines, headless browsers). There every WebGL frame is read
 * back for the software compositor, which costs far more than drawing the board with Canvas 2D.
 * `?renderer=webgl` or `?renderer=canvas` in the page URL forces one (tests and support).
 */
export function chooseRenderer(
  search: string = typeof location === 'undefined' ? '' : location.search,
): RendererChoice {
  const forced = new URLSearchParams(search).get('renderer');
  if (forced === 'webgl' || forced === 'canvas') return forced;
  try {
    const probe = document.createElement('canvas');
    const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
    if (!gl) return 'canvas';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return SOFTWARE_GL.test(name) ? 'canvas' : 'webgl';
  } catch {
    return 'canvas';
  }
}

let choice: RendererChoice | null = null;

/** The choice for this page, probed once (the probe creates a WebGL context). */
export function pageRenderer(): RendererChoice {
  choice ??= chooseRenderer();
  return choice;
}
