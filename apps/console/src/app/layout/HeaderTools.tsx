import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/LanguageMenu';
import { useWebConfig } from '../../lib/webConfig';

function useFullscreen() {
  const [on, setOn] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const f = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', f);
    return () => document.removeEventListener('fullscreenchange', f);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  return { on, toggle };
}

/** Docs link (behind webConfig.docsUrl), full screen, global search, language. */
export function HeaderTools({ onSearch, color = 'inherit' }: { onSearch: () => void; color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation('layout');
  const { data } = useWebConfig();
  const fs = useFullscreen();
  return (
    <>
      {data?.docsUrl ? (
        <Tooltip title={t('docs')}>
          <IconButton
            color={color}
            component="a"
            href={data.docsUrl}
            target="_blank"
            rel="noreferrer"
            aria-label={t('docs')}
          >
            <MenuBookIcon />
          </IconButton>
        </Tooltip>
      ) : null}
      <Tooltip title={fs.on ? t('exitFullscreen') : t('fullscreen')}>
        <IconButton color={color} onClick={fs.toggle} aria-label={t('fullscreen')}>
          {fs.on ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('search')}>
        <IconButton color={color} onClick={onSearch} aria-label={t('search')} data-testid="open-search">
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <LanguageMenu color={color} />
    </>
  );
}
