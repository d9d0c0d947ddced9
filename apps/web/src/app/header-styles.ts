// Mantine's stylesheets for the header's controls (header-widgets.tsx, preferences-menu.tsx) and the
// toaster: the buttons, the customer switcher's select, the menus and popovers they open and the
// toasts, one file per component in Mantine's cascade layer. These load with every start, also on
// pages that need nothing more than the shell's styles (main.tsx): Mantine's whole stylesheet
// (app/mantine-full-styles.ts, 35 kB gzip) made the browser restyle the whole page once more after
// the start, the home page's longest task after its scripts (decision 0044). Screens that need more
// load the whole stylesheet themselves; it holds these same rules, so the order in which both arrive
// does not matter. Within this file the order is Mantine's own (styles.layer.css): a menu's and a
// select's dropdown override the popover's padding.
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
