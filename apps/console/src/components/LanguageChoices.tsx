import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage } from '../lib/i18n';

/** The language menu's dropdown (LanguageMenu loads it on the first click). */
export default function LanguageChoices({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { i18n } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((l) => (
        <MenuItem
          key={l}
          selected={l === i18n.language}
          onClick={() => {
            onClose();
            void setLanguage(l);
          }}
        >
          {LANGUAGE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
