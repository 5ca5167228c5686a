import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy…/waitFor give a screen up to 4 s (the library's default is 1 s): CI runs two test files
// at a time on two cores, and a dialog's closing transition then took longer than a second.
configure({ asyncUtilTimeout: 4000 });
