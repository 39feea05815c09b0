import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../lib/i18n';

// The dropdown (MUI's Menu, Popover and Modal) loads on the first click, not with the login page.
const LanguageChoices = lazy(() => import('./LanguageChoices'));

/** Language switch (header and login page); the choice is remembered. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { i18n, t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted once opened, so closing animates as before.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        aria-label={t('language')}
        data-testid="language-menu"
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {LANGUAGE_NAMES[i18n.language]}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageChoices anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
