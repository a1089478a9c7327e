import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { siteText } from '@gogo/shared/messages';
import { Icon } from '../../components/Icon';
import { paths } from '../../lib/paths';
import { SiteFooter } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { useScrollToHash } from '../../components/useScrollToHash';
import { PlayButton } from './PlayButton';
import { BrandMark } from '../../components/BrandMark';
import './info.css';
import './info-tables.css';
import './info-faq.css';
import './info-contact.css';
import './info-legal.css';

interface Props {
  title: string;
  lead: ReactNode;
  eyebrow?: string;
  children: ReactNode;
}

/** The frame of every info page: header with the way back home, a title block, the content, the footer. */
export function InfoLayout({ title, lead, eyebrow, children }: Props) {
  useScrollToHash();
  return (
    <div className="info-page">
      <SkipLink />
      <header className="info-header">
        <div className="info-header__bar">
          <Link to={paths.home} className="brand" aria-label="GOGO Board home">
            <BrandMark />
            <span className="info-header__brand-text">GOGO Board</span>
          </Link>
          <nav className="info-header__nav" aria-label="Page">
            <Link to={paths.home} className="button button--ghost info-header__back">
              <Icon name="arrowLeft" size={16} /> {siteText.backToHome}
            </Link>
            <PlayButton className="button button--primary" label="Play" />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="info-main">
        <div className="info-hero">
          {eyebrow && <p className="info-hero__eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          <div className="info-hero__lead">{lead}</div>
        </div>
        <div className="info-content">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
