import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../lib/i18n';

const NAMES: Record<string, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** Language switch (header and login page); the choice is remembered. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { i18n, t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('language')}
        data-testid="language-menu"
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {NAMES[i18n.language]}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((l) => (
          <MenuItem
            key={l}
            selected={l === i18n.language}
            onClick={() => {
              setAnchor(null);
              void setLanguage(l);
            }}
          >
            {NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
