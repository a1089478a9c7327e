/**
 * The board's own Phaser build: only the parts the board uses (die clickable within 1 s).
 * Phaser's packaged build holds everything (physics, tilemaps, sound, video, forty game objects, every
 * loader file type): 1.4 MB of JavaScript to parse before the first frame. The board's code keeps
 * `import Phaser from 'phaser'` (the types); client/vite.config.ts points that import at this module
 * at build time. `phaser-src/...` is Phaser's own source (CommonJS, one module a class).
 *
 * Requiring a plugin, game object factory/creator or loader file type registers it with Phaser: what is
 * not imported here does not exist on the board (`this.add.rope` would be undefined). Two parts come
 * later, in chunks of their own: the WebGL renderer (engine/webgl.ts, only when the board draws with
 * WebGL) and the particle emitters (engine/particles.ts, after the first frame).
 * engine.test.ts checks that every Phaser part the board's source names is here.
 */
import CONST from 'phaser-src/const';
import Game from 'phaser-src/core/Game';
import CoreEvents from 'phaser-src/core/events';
import Scene from 'phaser-src/scene/Scene';
import SceneEvents from 'phaser-src/scene/events';
import ScaleModes from 'phaser-src/scale/const/SCALE_MODE_CONST';
import ScaleEvents from 'phaser-src/scale/events';
import InputEvents from 'phaser-src/input/events';
import LoaderEvents from 'phaser-src/loader/events';
import Container from 'phaser-src/gameobjects/container/Container';
import Image from 'phaser-src/gameobjects/image/Image';

// Scene systems (each registers itself with Phaser's plugin cache).
import 'phaser-src/events/EventEmitter';
import 'phaser-src/cameras/2d/CameraManager';
import 'phaser-src/gameobjects/DisplayList';
import 'phaser-src/gameobjects/UpdateList';
import 'phaser-src/gameobjects/GameObjectFactory';
import 'phaser-src/gameobjects/GameObjectCreator';
import 'phaser-src/scene/ScenePlugin';
import 'phaser-src/time/Clock';
import 'phaser-src/tweens/TweenManager';
import 'phaser-src/input/InputPlugin';
import 'phaser-src/input/keyboard/KeyboardPlugin';
import 'phaser-src/loader/LoaderPlugin';
// The one file type the board loads: the tile icon sheet.
import 'phaser-src/loader/filetypes/SVGFile';
// Game objects: this.add.<name> (factories) and this.make.<name> (creators).
import 'phaser-src/gameobjects/container/ContainerFactory';
import 'phaser-src/gameobjects/container/ContainerCreator';
import 'phaser-src/gameobjects/graphics/GraphicsFactory';
import 'phaser-src/gameobjects/graphics/GraphicsCreator';
import 'phaser-src/gameobjects/image/ImageFactory';
import 'phaser-src/gameobjects/text/TextFactory';
import 'phaser-src/gameobjects/text/TextCreator';
import 'phaser-src/gameobjects/shape/ellipse/EllipseFactory';

/** The `Phaser` namespace as the board uses it (values only; types still come from the package). */
const Phaser = {
  ...CONST,
  Game,
  Core: { Events: CoreEvents },
  Scene,
  Scenes: { Events: SceneEvents },
  Scale: { ...ScaleModes, Events: ScaleEvents },
  Input: { Events: InputEvents },
  Loader: { Events: LoaderEvents },
  GameObjects: { Container, Image },
};

export default Phaser;
