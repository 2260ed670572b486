/** Styles of the call's controls (decision F-calls): arrive with the call, never with the first load. */
import '@mantine/core/styles/ActionIcon.css';
