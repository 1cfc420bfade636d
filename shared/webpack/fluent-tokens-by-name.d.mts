import type { tokens as fluentTokens } from '@fluentui/react-components';

export declare const tokens: typeof fluentTokens;
