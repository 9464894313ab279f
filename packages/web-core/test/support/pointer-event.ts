/**
 * jsdom has no PointerEvent: without one, testing-library's pointer events carry no pointerType. Importing this module
 * (in a jsdom test) installs a MouseEvent with a pointerType ('mouse' unless given).
 */
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true });
