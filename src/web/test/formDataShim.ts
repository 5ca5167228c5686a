/**
 * React 19 builds `new FormData(form)` when a submit handler starts a transition (react-router's
 * navigations do). Node's FormData, which jsdomWithFetch lends the page for fetch, cannot read
 * a jsdom form; nothing in these tests reads that data, so an empty one will do. Call at the top
 * level of a test file whose forms navigate on submit.
 */
export function emptyFormDataWhileSubmitting(): void {
  const NodeFormData = global.FormData;
  beforeAll(() => {
    global.FormData = class extends NodeFormData {
      constructor() {
        super();
      }
    };
  });
  afterAll(() => {
    global.FormData = NodeFormData;
  });
}
