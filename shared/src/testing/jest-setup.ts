import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; MSAL and react-router need them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });
