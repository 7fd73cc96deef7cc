"""Looking back: hand review, statistics, deal luck."""
