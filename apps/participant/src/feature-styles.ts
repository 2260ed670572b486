/**
 * Styles of the components only the pages loaded on demand use (the activity player, the consent flow, the task
 * lists, enrolment): imported by those pages, so they arrive with them and stay out of the first load.
 */
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
