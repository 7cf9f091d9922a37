import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const FONT_FAMILY =
  '"SecondByte Bengali glyphs", "SecondByte Bengali", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 (#4c6ef5) under white text is 4.3:1, below WCAG AA's 4.5:1 for body-size text; 7 is 5:1.
  primaryShade: { light: 7, dark: 8 },
  // Filled light colours (green.7, teal.7, yellow…) get dark text instead of unreadable white.
  autoContrast: true,
  // Bengali glyphs from the site's own faces first (global.css says why), then the system's font.
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY },
  defaultRadius: 'md',
  components: {
    // Mantine's close buttons are icons with no text: screen readers would announce "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Their headers are <header> elements, which read as a second "banner" landmark beside the
    // site's header; the dialog's own role and title already name them.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Where Mantine's defaults fail WCAG AA's 4.5:1 in light mode: "dimmed" text (gray.6 on white,
 * 3.3:1; dark.2 on dark.7 in dark mode, 4.0:1), input placeholders (gray.5, 2.1:1) and the text of
 * teal, green, lime, yellow and orange "light" badges, avatars, alerts and buttons (2.7–4.3:1 on
 * their tint), and form error text (red.6 on white, 3.3:1; red.8 on dark.7, 3.4:1).
 * These keep the same hues, darker, at 4.5:1 or more on the page, the footer's grey and the tints.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6e757c',
    '--mantine-color-teal-light-color': '#06604a',
    '--mantine-color-green-light-color': '#1f6f31',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-orange-light-color': '#a8380b',
    '--mantine-color-lime-light-color': '#3f6b06',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a7ab',
    '--mantine-color-placeholder': '#9b9da2',
    '--mantine-color-error': '#ff8787',
  },
});
