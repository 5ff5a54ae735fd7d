/**
 * Test environment fixes for happy-dom, imported by the Vitest setup of every package that renders
 * `RichContent` (packages/ui, packages/features).
 */

// happy-dom's `Node.prototype.nodeName` answers '' (the real names are getters of its
// subclasses: capricorn86/happy-dom#1810). DOMPurify reads that base accessor, so under happy-dom
// it saw no element names and dropped allowed elements (cure53/DOMPurify#1457). Browsers answer
// the node's name there; so does this, for the tests that render RichContent.
if (typeof window !== 'undefined') {
  Object.defineProperty(window.Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      switch (this.nodeType) {
        case 1:
          return (this as Element).tagName;
        case 3:
          return '#text';
        case 4:
          return '#cdata-section';
        case 8:
          return '#comment';
        case 9:
          return '#document';
        case 10:
          return (this as DocumentType).name;
        case 11:
          return '#document-fragment';
        default:
          return '';
      }
    },
  });
}
