/** The print screen's strings (issue 30), part of the screens' strings (`screens.ts`). */
const print = {
  print: {
    title: 'Print',
    // The screen around the sheet, in the reader's language.
    print: 'Print',
    backToPost: 'Back to the post',
    hint: 'An A4 page in the language of the document, with a code that leads to this version on the portal.',
    // The sheet, in the document's own language (an Arabic post prints in Arabic for every reader).
    sheet: {
      label: 'Printable copy of version {{version}}',
      typeAndNumber: '{{type}} No. {{number}}',
      gregorian: 'Date',
      hijri: 'Hijri date',
      status: 'Status',
      file: 'File',
      sha256: 'SHA-256',
      noDigest: 'not signed yet',
      verification: 'Verification',
      version: 'Version {{version}}, published on {{date}}',
      signature: 'Signature',
      signedBy: 'Ed25519, key {{kid}}',
      digest: 'Digest (SHA-256)',
      unsigned: 'This version is not signed yet: check it on the portal.',
      scan: 'Scan the code to open this version on the portal and verify it:',
      qr: 'QR code of the address of version {{version}}',
    },
  },
} as const;

export default print;
